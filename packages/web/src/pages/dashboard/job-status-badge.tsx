import { Badge } from '../../components/ui/feedback.js';

/** succeeded: Completed, failed: Failed, processing: Processing, anything else: Pending. */
export function JobStatusBadge({ status }: { status: string }) {
  switch (status) {
    case 'succeeded':
      return (
        <Badge tone="success" dot>
          Completed
        </Badge>
      );
    case 'failed':
      return (
        <Badge tone="danger" dot>
          Failed
        </Badge>
      );
    case 'processing':
      return (
        <Badge tone="info" dot>
          Processing
        </Badge>
      );
    default:
      return (
        <Badge tone="warning" dot>
          Pending
        </Badge>
      );
  }
}
