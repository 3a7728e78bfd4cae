/** A queue message of `sds-bulk`: one item of one job. The rows in D1 hold everything else. */
export type BulkMessage = { job_id: string; idx: number }
