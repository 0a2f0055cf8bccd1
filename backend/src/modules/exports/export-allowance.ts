import { ForbiddenException } from '@nestjs/common';
import { exportUpsellMessage } from '@serpwise/contracts';

/**
 * The documented refusal of an export over the plan's allowance (docs/product/account-exports-reports.md §6): the upsell
 * with the rows asked for and the most the plan allows. The allowance itself is exportRowLimitOf (contracts).
 */
export function overExportAllowance(totalRows: number, maxExportRows: number): ForbiddenException {
  return new ForbiddenException({ statusCode: 403, message: exportUpsellMessage(totalRows), data: { totalRows, maxExportRows, upgradeUrl: '/upgrade' } });
}
