/**
 * Where a Search Console sync stands, in days (docs/product/search-console.md §4). Google publishes a day's final
 * data 2–3 days late, so the newest days of the range often come back empty and are not kept (the next sync asks
 * again). Such a day leaves the total instead of staying undone: a finished sync ends at its total ("59 of 59 days",
 * saying how many newest days Google has not published yet), never short of it ("59 of 61").
 */
export class SyncDayProgress {
  private kept: number;
  private unpublished = 0;

  /** `rangeDays`: the property's first day to yesterday; `keptBefore`: the days of it kept by earlier syncs. */
  constructor(private readonly rangeDays: number, keptBefore: number) {
    this.kept = keptBefore;
  }

  get done(): number {
    return this.kept;
  }

  /** The days that can be fetched now: the range less the days Google has not published yet. */
  get total(): number {
    return this.rangeDays - this.unpublished;
  }

  /** A day was fetched and kept. */
  dayKept(): void {
    this.kept += 1;
  }

  /** A day came back empty within Google's delay: it is asked again by the next sync. */
  dayNotPublishedYet(): void {
    this.unpublished += 1;
  }

  /** " (Google has not published the newest 2 days yet)", or nothing. */
  get pendingNote(): string {
    if (this.unpublished === 0) return '';
    return ` (Google has not published the newest ${this.unpublished === 1 ? 'day' : `${this.unpublished} days`} yet)`;
  }
}
