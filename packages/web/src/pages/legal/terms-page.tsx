import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { LegalLayout } from './legal-layout.js';

export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" updated="November 2026">
      <h2>1. The service</h2>
      <p>
        RepoBundle turns code repositories you provide into processed, optionally chunked output
        files. The service is in early access: features may change, and access may be limited to
        approved accounts.
      </p>
      <h2>2. Your account</h2>
      <p>
        You are responsible for your account and for keeping your password secret. You must provide
        a valid email address and verify it before using the service.
      </p>
      <h2>3. Your content</h2>
      <p>
        You keep all rights to the code you upload. You grant us only the rights needed to process
        it and deliver results to you. We never use your code to train models. Only upload code you
        have the right to share with us.
      </p>
      <h2>4. Credits and payments</h2>
      <p>
        Jobs consume credits. Monthly credits reset every month and are used first; purchased
        credits never expire. Subscriptions renew until cancelled. Credits reserved for a job that
        fails are returned to your balance.
      </p>
      <h2>5. Acceptable use</h2>
      <p>
        Do not use the service to process content you are not allowed to share, to attack the
        service or others, or to circumvent plan limits.
      </p>
      <h2>6. Liability</h2>
      <p>
        The service is provided as is. To the extent allowed by law, our liability is limited to the
        amount you paid in the last twelve months.
      </p>
      <h2>7. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalLayout>
  );
}
