import type { ColumnType, Generated } from 'kysely';

// Typed rows of the tables in migrations/. Timestamps come back as Date from both PostgreSQL
// drivers; counts are cast to integer in SQL because int8 parses differently in pg and PGlite.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string, string>;

export interface PlansTable {
  id: string;
  name: string;
  price_monthly_cents: number | null;
  price_yearly_cents: number | null;
  credits_per_month: number;
  credits_per_month_yearly: number;
  max_lines_per_job: number;
  upload_limit_mb: number;
  allowed_output_formats: Json<string[]>;
  features: Json<string[]>;
  sort_order: number;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  is_verified: Generated<boolean>;
  plan_id: Generated<string>;
  billing_cycle: string | null;
  next_billing_date: NullableTimestamp;
  monthly_credits_reset_date: NullableTimestamp;
  auto_delete_after: Generated<string>;
  default_credit_type: Generated<string>;
  welcome_modal_seen: Generated<boolean>;
  github_username: string | null;
  github_token_encrypted: string | null;
  sessions_valid_from: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CreditBalancesTable {
  user_id: string;
  credit_type: string;
  balance: Generated<number>;
  reserved: Generated<number>;
  updated_at: Generated<Date>;
}

export interface CreditTransactionsTable {
  id: Generated<string>;
  user_id: string;
  credit_type: string;
  type: string;
  amount: number;
  balance_after: number;
  description: string;
  job_id: string | null;
  created_at: Generated<Date>;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface EmailVerificationsTable {
  id: Generated<string>;
  user_id: string;
  /** The password the sign-up chose; verifying with this row's code makes it the account's. */
  password_hash: string | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  sent_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface EmailChangesTable {
  user_id: string;
  new_email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  sent_at: Timestamp;
}

export interface WaitlistTable {
  email: string;
  created_at: Generated<Date>;
  approved_at: NullableTimestamp;
}

export interface OutboxMailTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  last_error: string | null;
}

export interface UploadsTable {
  user_id: string;
  upload_id: string;
  file_name: string;
  total_chunks: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Set while one assemble request turns the upload into a job. */
  assembling_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The job the upload became; its chunks are gone, the row answers replays until swept. */
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UploadChunksTable {
  user_id: string;
  upload_id: string;
  chunk_index: number;
  /** bigint in SQL; read with a cast, written as a number. */
  size: ColumnType<string | number, number, number>;
  received_at: Generated<Date>;
  /** false: bytes reserved for a chunk still being written (size is the most it may hold). */
  is_stored: Generated<boolean>;
  /** The stored bytes' SHA-256 (hex); null while reserved, and for chunks stored before it was kept. */
  sha256: string | null;
}

export interface JobsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<string>;
  source_kind: string;
  source_name: string;
  archive_key: string | null;
  options: Json<unknown>;
  selected_paths: Json<string[]>;
  total_files: number;
  line_count: number;
  file_count: Generated<number>;
  credit_type: string;
  reserved_monthly: Generated<number>;
  reserved_purchased: Generated<number>;
  actual_credits: number | null;
  error: string | null;
  errors: ColumnType<unknown[], string | undefined, string>;
  progress_stage: Generated<string>;
  progress_percent: Generated<number>;
  attempts: Generated<number>;
  /** Claims handed back by a worker shutting down (not counted against the attempt limit). */
  handbacks: Generated<number>;
  /** The attempt whose outputs are live (jobs/<id>/attempts/<n>/); null: jobs/<id>/output/. */
  output_attempt: number | null;
  worker_id: string | null;
  heartbeat_at: NullableTimestamp;
  statistics: ColumnType<unknown, string | null | undefined, string | null>;
  analytics: ColumnType<unknown, string | null | undefined, string | null>;
  outputs: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  scheduled_deletion: NullableTimestamp;
}

export interface Database {
  uploads: UploadsTable;
  upload_chunks: UploadChunksTable;
  jobs: JobsTable;
  plans: PlansTable;
  users: UsersTable;
  credit_balances: CreditBalancesTable;
  credit_transactions: CreditTransactionsTable;
  refresh_tokens: RefreshTokensTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  waitlist: WaitlistTable;
  outbox_mail: OutboxMailTable;
}
