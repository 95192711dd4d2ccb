import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/feedback.js';

// Placeholder until the job page issue lands its screen here (spec part 2 section 2).
export function JobPage() {
  const { jobId } = useParams();
  return (
    <div className="container page">
      <Link to="/dashboard">Back to Dashboard</Link>
      <h1 className="page-title" style={{ marginTop: 12 }}>
        Job Details
      </h1>
      <p className="faint">{jobId}</p>
      <div className="card section-block">
        <EmptyState icon="files" title="Job details">
          The job page is being built and will appear here.
        </EmptyState>
      </div>
    </div>
  );
}
