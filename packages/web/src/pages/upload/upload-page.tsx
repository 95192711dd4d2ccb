import { EmptyState } from '../../components/ui/feedback.js';
import { ButtonLink } from '../../components/ui/button.js';

// Placeholder until the upload issue lands its screen here (spec part 1 section 2, Upload).
export function UploadPage() {
  return (
    <div className="container page">
      <div className="card">
        <EmptyState
          icon="upload"
          title="New job"
          action={<ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>}
        >
          The upload screen is being built and will appear here.
        </EmptyState>
      </div>
    </div>
  );
}
