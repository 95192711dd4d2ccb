// Request and response shapes written from the spec's call tables. @repobundle/contract had no
// schemas yet when these were written: reconcile (and import from there) once it does.

// Request and response shapes. Those that @repobundle/contract defines come from there (types
// only: nothing of it reaches the bundle); the rest are written from the spec's call tables and
// are to be moved into the contract as the server grows them (jobs, payments, GitHub).
import type {
  AutoDeleteAfter,
  CreditType,
  MessageResponse,
  StatusResponse,
  TokenResponse,
  UserResponse,
  UserSettings,
  VerifyResponse,
  WaitlistCountResponse,
} from '@repobundle/contract';

export type { AutoDeleteAfter, CreditType, MessageResponse, UserSettings, VerifyResponse };
export type Role = UserResponse['role'];
export type JobStatus = 'pending' | 'processing' | 'succeeded' | 'failed';
export type TokenPair = TokenResponse;
export type AppStatus = StatusResponse;
export type WaitlistCount = WaitlistCountResponse;

export const AUTO_DELETE_CHOICES: readonly AutoDeleteAfter[] = [
  'never',
  '1hr',
  '6hr',
  '12hr',
  '1day',
  '7days',
  '14days',
  '30days',
];

/** GET /auth/me. */
export type MeResponse = UserResponse;
/** The user as the app keeps it; settings are held beside it. */
export type User = Omit<UserResponse, 'settings'>;

export interface Job {
  id: string;
  job_id?: string;
  status: JobStatus;
  file_count?: number | null;
  total_files?: number | null;
  output_format: string;
  reserved_credits?: number | null;
  actual_credits?: number | null;
  created_at: string;
  started_at?: string | null;
  finished_at?: string | null;
  scheduled_deletion?: string | null;
}

export interface Pagination {
  page: number;
  limit: number;
  total_jobs: number;
  total_pages: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface JobListResponse {
  jobs: Job[];
  pagination: Pagination;
}

export type { TransactionType } from '@repobundle/contract';
import type { TransactionType } from '@repobundle/contract';

export interface Transaction {
  id: string | number;
  type: TransactionType;
  amount: number;
  description: string;
  created_at: string;
}

export interface Plan {
  id: string;
  name: string;
  price_usd: number;
  price_cents?: number;
  credits_per_month?: number;
  tokens_per_month?: number;
  max_lines_per_job: number;
  upload_limit_mb: number;
  allowed_output_formats: string[];
  features: string[];
}

export interface CreditPack {
  tokens: number;
  price: number;
}

export interface CheckoutResponse {
  url: string;
}

export interface GithubAuthorizeUrl {
  authorization_url: string;
  state: string;
}
