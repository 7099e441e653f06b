// The reports' rollups (migration 030): what the job writes so a report reads hundreds of rows, not millions.

/** One figure of one closed local day. */
export interface ReportDayTable {
  organization_id: string;
  /** Fingerprint of the staff and the time zone the figure was counted with (./report.audience.ts). */
  audience: string;
  figure: string;
  /** The organization's local day, YYYY-MM-DD. */
  day: string;
  key: string;
  value: number | string | bigint;
}

/** One figure of one closed hour of a day not closed yet; `hour` counts from the day's local midnight. */
export interface ReportHourTable {
  organization_id: string;
  audience: string;
  figure: string;
  day: string;
  hour: number;
  key: string;
  value: number | string | bigint;
}

/** When a challenge's or sweepstake's figures were taken, and whether they can still change. */
export interface ReportSnapshotTable {
  organization_id: string;
  audience: string;
  thing: string;
  taken_at: string;
  /** 1: taken after the thing ended, so it is never taken again. */
  final: number;
}

/** One figure of a challenge or sweepstake, as of its snapshot. */
export interface ReportThingTable {
  organization_id: string;
  audience: string;
  thing: string;
  figure: string;
  key: string;
  value: number | string | bigint;
}

export interface ReportTables {
  report_days: ReportDayTable;
  report_hours: ReportHourTable;
  report_snapshots: ReportSnapshotTable;
  report_things: ReportThingTable;
}
