import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { LegalLayout } from './legal-layout.js';

export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="November 2026">
      <h2>What we collect</h2>
      <p>
        Your email address, a hashed password (or your sign-in provider identity), your plan and
        credit history, and the files you upload for processing.
      </p>
      <h2>How we use your code</h2>
      <p>
        Uploaded code is used only to run the jobs you ask for and to show you the results. It is
        never used to train models, never sold and never shared with third parties.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Uploads and outputs stay until you delete the job, or until the automatic deletion you
        choose in Settings (Job management). Your credit history is kept for accounting.
      </p>
      <h2>Security</h2>
      <p>
        Passwords are hashed with a modern algorithm, sessions use short-lived tokens, and
        integration tokens are stored encrypted.
      </p>
      <h2>Payments</h2>
      <p>
        Card payments are handled by our payment provider; we never see or store your card number.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy or the deletion of your data at any time:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalLayout>
  );
}
