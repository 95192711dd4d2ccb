import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/test-support/describe-with-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Every signed-in route, each called with a body, query or path its schema refuses: a visitor
// without a token must learn only that they are not signed in, never what the route expects.
const SIGNED_IN_ROUTES: [Method, string, unknown][] = [
  ['GET', '/auth/me', undefined],
  ['GET', '/auth/settings', undefined],
  ['PUT', '/auth/settings', { auto_delete_after: 42 }],
  ['PUT', '/auth/welcome-modal', { nonsense: true }],
  ['POST', '/auth/change-password', {}],
  ['POST', '/auth/change-email', { new_email: 'not-an-email' }],
  ['POST', '/auth/verify-email-change', {}],
  ['POST', '/api/keys', { scope: 'admin' }],
  ['GET', '/api/keys', undefined],
  ['DELETE', '/api/keys/%20', undefined],
  ['GET', '/auth/github/authorize-url', undefined],
  ['POST', '/auth/github/connect', {}],
  ['POST', '/auth/github/disconnect', { nonsense: 1 }],
  ['POST', '/api/jobs/chunk', {}],
  ['POST', '/api/jobs/upload-stream?upload_id=', {}],
  ['POST', '/api/jobs/assemble', {}],
  ['DELETE', '/api/jobs/upload/%20', undefined],
  ['GET', '/api/jobs?page=-1', undefined],
  ['GET', '/api/jobs/not-a-job', undefined],
  ['GET', '/api/jobs/not-a-job/files', undefined],
  ['GET', '/api/jobs/not-a-job/files/x.md', undefined],
  ['GET', '/api/jobs/not-a-job/download', undefined],
  ['GET', '/api/jobs/not-a-job/chunking-analytics', undefined],
  ['DELETE', '/api/jobs/not-a-job', undefined],
  ['POST', '/api/jobs/github/preview', {}],
  ['POST', '/api/jobs/github/download-zip', {}],
  ['POST', '/api/jobs/github/file-content', {}],
  ['POST', '/api/jobs/from-github', {}],
  ['POST', '/api/jobs/from-archive?output_format=nope', {}],
  ['GET', '/api/jobs/not-a-job?wait=999', undefined],
  ['GET', '/payments/subscription', undefined],
  ['GET', '/payments/transactions?limit=-5', undefined],
  ['GET', '/payments/token-transactions?limit=-5', undefined],
  ['POST', '/payments/subscription/checkout', {}],
  ['POST', '/payments/token-pack/checkout', {}],
  ['POST', '/payments/checkout', {}],
  ['POST', '/payments/create-payment-intent', {}],
  ['GET', '/payments/checkout-sessions/x', undefined],
  ['POST', '/payments/checkout-sessions/x/complete', {}],
  ['POST', '/payments/checkout-sessions/x/cancel', {}],
];

describeWithApp('signed-in routes without a token', { resetBetweenTests: false }, (t) => {
  it.each(SIGNED_IN_ROUTES)(
    '%s %s answers 401 before looking at the input',
    async (method, url, body) => {
      const res = await t.app.inject({
        method,
        url,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Not authenticated. Please sign in.',
        code: 'NOT_AUTHENTICATED',
      });
    },
  );

  it('a chunk upload without a token is 401 even with a multipart body it would refuse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/chunk',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="chunk_index"\r\n\r\n-1\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(401);
  });
});
