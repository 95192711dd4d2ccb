import {
  planPacksToBudget,
  type JobCreatedResponse,
  type JobCreditType,
} from '@repobundle/contract';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePacks, usePlans } from '../../api/queries.js';
import type { User } from '../../api/types.js';
import { Alert } from '../../components/ui/feedback.js';
import { ROLE_LABELS } from '../../lib/plans.js';
import { decideCredits, type CreditDecision, type CreditKind } from './rules/credit-choice.js';
import { creditPrice } from './rules/estimate.js';
import { overlapError, toJobFields } from './config/job-fields.js';
import { noTextFilesReason } from './rules/no-text-files.js';
import { useSession } from '../../session/session-context.js';
import { ConfigPanel } from './config/config-panel.js';
import { fitError } from './fit/fit-options.js';
import { SelectionModelStat } from './fit/selection-model-stat.js';
import { useUploadOptions } from './config/use-upload-options.js';
import { CreditsModal } from './credits-modal.js';
import { Explorer } from './explorer/explorer.js';
import { useExplorer } from './explorer/use-explorer.js';
import { PlanLimitBanner } from './plan-limit-banner.js';
import { ProgressOverlay } from './progress-overlay.js';
import { SummaryBar } from './summary-bar.js';
import { SummaryDock } from './summary-dock.js';
import type { RepositorySource } from './rules/repository-url.js';
import type { DemoHandoff } from './demo-handoff.js';
import type { LoadedArchive } from './use-archive.js';
import { useSelectionEstimate } from './use-selection-estimate.js';
import { useSubmission } from './use-submission.js';

/** After job creation the page moves on after about 50 ms. */
export const NAVIGATE_DELAY_MS = 50;

export const MISSING_PARAMETERS = 'Missing required parameters for job creation';

type Pending = { decision: Exclude<CreditDecision, { kind: 'enough' }>; chosen: CreditKind };

/** Explorer, configuration, summary and submission for one loaded archive. */
export function ArchiveWorkspace({
  archive,
  user,
  repository,
  restored,
  onCreated: created,
}: {
  archive: LoadedArchive;
  user: User;
  /** Set when the archive came from a repository: the job is created from it. */
  repository?: RepositorySource;
  /** The selection and options chosen for this archive on the demo page. */
  restored?: DemoHandoff;
  /** Runs (and is waited for) once the job exists, before the page moves on. */
  onCreated?: () => Promise<void>;
}) {
  const { refreshUser } = useSession();
  const navigate = useNavigate();
  const explorer = useExplorer(archive.tree, restored);
  const { options, update } = useUploadOptions(user.allowed_output_formats, restored?.options);
  const [creditType, setCreditType] = useState<JobCreditType>(
    user.default_credit_type === 'purchased' ? 'purchased' : 'monthly',
  );
  const [pending, setPending] = useState<Pending | null>(null);

  const { tree } = archive;
  const { selected, knownLines } = explorer;
  // The explorer's first render of a large archive takes a few hundred milliseconds. It comes in a
  // second, interruptible pass, so the effects of this one start the counting workers first.
  const explorerShown = useDeferredValue(archive.id, 0) === archive.id;
  const estimate = useSelectionEstimate(archive, selected, knownLines, options);
  const plans = usePlans();
  const packs = usePacks();
  const selection = useMemo(
    () => ({
      bytes: estimate.bytes,
      files: estimate.files,
      languages: new Set(selected.map((file) => tree.files[file]!.language)),
    }),
    [estimate, selected, tree],
  );

  const onCreated = useCallback(
    (job: JobCreatedResponse) => {
      void refreshUser(true);
      const goToJob = () => {
        try {
          void Promise.resolve(navigate(`/jobs/${job.job_id}`, { replace: true })).catch(() =>
            window.location.assign(`/jobs/${job.job_id}`),
          );
        } catch {
          window.location.assign(`/jobs/${job.job_id}`);
        }
      };
      void Promise.resolve(created?.()).finally(() =>
        window.setTimeout(goToJob, NAVIGATE_DELAY_MS),
      );
    },
    [navigate, refreshUser, created],
  );
  const submission = useSubmission(onCreated);

  const overLimit = estimate.files > 0 && estimate.lines > user.max_lines_per_job;
  const noTextFiles = useMemo(() => noTextFilesReason(tree), [tree]);
  const blockedReason =
    noTextFiles ??
    overlapError(options) ??
    fitError(options.fit, options.targetModel) ??
    (options.outputFormat === 'custom' && !options.template.trim()
      ? 'Add a template for the custom format.'
      : null);

  const send = (type: JobCreditType) => {
    setPending(null);
    const paths = selected.map((file) => tree.files[file]!.path);
    if (paths.length === 0 || !options.outputFormat || !options.tokenLimit) {
      return submission.fail(MISSING_PARAMETERS);
    }
    const fields = toJobFields(options, paths, estimate.credits, type);
    if (repository?.sortByChanges) fields.sort_by_changes = true;
    if (repository) void submission.startRepository(repository, archive.file.name, fields);
    else void submission.start(archive.file, fields);
  };

  const onProcess = () => {
    if (submission.running || estimate.files === 0 || overLimit || blockedReason) return;
    const balances = { monthly: user.monthly_credits, purchased: user.purchased_credits };
    // Without balances there is nothing to compare: the server decides.
    if (!Number.isFinite(balances.monthly) || !Number.isFinite(balances.purchased)) {
      return send(creditType);
    }
    if (creditType === 'hybrid') {
      const total = balances.monthly + balances.purchased;
      if (estimate.credits <= total) return send('hybrid');
      const decision = decideCredits(estimate.credits, 'monthly', balances);
      if (decision.kind === 'short') setPending({ decision, chosen: 'monthly' });
      return;
    }
    const decision = decideCredits(estimate.credits, creditType, balances);
    if (decision.kind === 'enough') send(creditType);
    else setPending({ decision, chosen: creditType });
  };

  return (
    <>
      <Explorer
        archive={archive.file}
        entries={archive.listing.entries}
        explorer={explorer}
        pending={!explorerShown}
      />
      <ConfigPanel
        options={options}
        update={update}
        allowedFormats={user.allowed_output_formats}
        selection={selection}
        budgetPacking={
          planPacksToBudget(user.role) || planPacksToBudget(user.subscription_plan ?? '')
        }
      />
      <SummaryDock>
        {submission.state.error && <Alert tone="danger">{submission.state.error}</Alert>}
        {noTextFiles && <Alert tone="warning">{noTextFiles}</Alert>}
        {overLimit && (
          <PlanLimitBanner
            lines={estimate.lines}
            maxLines={user.max_lines_per_job}
            planName={ROLE_LABELS[user.role] ?? user.role}
            plans={plans.data}
          />
        )}
        <SummaryBar
          estimate={estimate}
          price={creditPrice(
            (user.subscription_plan ?? user.role).toLowerCase(),
            user.billing_cycle,
            creditType,
            { plans: plans.data, packs: packs.data },
          )}
          creditType={creditType}
          onCreditType={setCreditType}
          overLimit={overLimit}
          busy={submission.running}
          blockedReason={blockedReason}
          onProcess={onProcess}
          modelStat={<SelectionModelStat options={options} estimate={estimate} />}
        />
      </SummaryDock>
      {pending && (
        <CreditsModal
          decision={pending.decision}
          chosen={pending.chosen}
          balances={{ monthly: user.monthly_credits, purchased: user.purchased_credits }}
          onConfirm={send}
          onClose={() => setPending(null)}
        />
      )}
      {submission.state.step !== 'idle' && (
        <ProgressOverlay
          step={submission.state.step}
          percent={submission.state.percent}
          remaining={submission.state.remaining}
          fileName={submission.state.fileName}
          onCancel={submission.cancel}
        />
      )}
    </>
  );
}
