import type { RouteObject } from 'react-router';
import { RequireAuth } from './require-auth.js';
import { PageFallback, RootLayout } from './root-layout.js';

// Every page is its own chunk (route-level code splitting); the shell above stays small.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageFallback,
    children: [
      {
        index: true,
        lazy: () =>
          import('../pages/landing/landing-page.js').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: 'auth',
        lazy: () => import('../pages/auth/auth-page.js').then((m) => ({ Component: m.AuthPage })),
      },
      {
        path: 'verify',
        lazy: () =>
          import('../pages/verify/verify-page.js').then((m) => ({ Component: m.VerifyPage })),
      },
      {
        path: 'forgot-password',
        lazy: () =>
          import('../pages/forgot-password/forgot-password-page.js').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: 'reset-password',
        lazy: () =>
          import('../pages/reset-password/reset-password-page.js').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: 'pricing',
        lazy: () =>
          import('../pages/pricing/pricing-page.js').then((m) => ({ Component: m.PricingPage })),
      },
      {
        path: 'waitlist',
        lazy: () =>
          import('../pages/waitlist/waitlist-page.js').then((m) => ({ Component: m.WaitlistPage })),
      },
      {
        path: 'success',
        lazy: () =>
          import('../pages/payment-result/success-page.js').then((m) => ({
            Component: m.SuccessPage,
          })),
      },
      {
        path: 'cancel',
        lazy: () =>
          import('../pages/payment-result/cancel-page.js').then((m) => ({
            Component: m.CancelPage,
          })),
      },
      {
        path: 'terms',
        lazy: () =>
          import('../pages/legal/terms-page.js').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'privacy',
        lazy: () =>
          import('../pages/legal/privacy-page.js').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: 'demo',
        lazy: () => import('../pages/demo/demo-page.js').then((m) => ({ Component: m.DemoPage })),
      },
      {
        path: 'coming-soon',
        lazy: () =>
          import('../pages/coming-soon/coming-soon-page.js').then((m) => ({
            Component: m.ComingSoonPage,
          })),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            lazy: () =>
              import('../pages/dashboard/dashboard-page.js').then((m) => ({
                Component: m.DashboardPage,
              })),
          },
          {
            path: 'usage',
            lazy: () =>
              import('../pages/usage/usage-page.js').then((m) => ({ Component: m.UsagePage })),
          },
          {
            path: 'settings',
            lazy: () =>
              import('../pages/settings/settings-page.js').then((m) => ({
                Component: m.SettingsPage,
              })),
          },
          {
            path: 'upload',
            lazy: () =>
              import('../pages/upload/upload-page.js').then((m) => ({ Component: m.UploadPage })),
          },
          {
            path: 'checkout/:sessionId',
            lazy: () =>
              import('../pages/checkout/checkout-page.js').then((m) => ({
                Component: m.CheckoutPage,
              })),
          },
          {
            path: 'jobs/:jobId',
            lazy: () => import('../pages/job/job-page.js').then((m) => ({ Component: m.JobPage })),
          },
        ],
      },
      {
        path: '*',
        lazy: () =>
          import('../pages/not-found/not-found-page.js').then((m) => ({
            Component: m.NotFoundPage,
          })),
      },
    ],
  },
];
