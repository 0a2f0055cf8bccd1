/** The data-table kit (docs/product/account-exports-reports.md §4, §5, §9): table, sort cycle, pagination, column picker, row selection. */
export * from './columns';
export * from './column-picker';
export * from './column-picker-rules';
export * from './data-table';
export * from './lock-overlay';
export * from './pagination';
export * from './popover';
export * from './row-selection';
export * from './sort-cycle';
