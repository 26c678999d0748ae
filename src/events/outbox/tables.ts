import type { Generated } from 'kysely';
import type { DbTimestamp } from '../../storage/codecs.ts';

/** The row type of the `JobColumns` every job table has; a domain's table extends it with its own columns and `status` values. */
export interface JobTableColumns<Status extends string> {
  org_id: string;
  id: string;
  status: Status;
  attempts: Generated<number>;
  next_attempt_at: DbTimestamp | null;
  /** Lease: a dispatcher holds the job until then; after it, another may try again. */
  locked_until: DbTimestamp | null;
  /** Who holds the lease: only that holder's outcome moves the job on. */
  lease_token: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: DbTimestamp;
  completed_at: DbTimestamp | null;
}
