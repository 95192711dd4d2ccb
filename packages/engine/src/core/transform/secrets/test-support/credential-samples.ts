import type { SampleMaker } from './credential-sample.js';
import { INFRASTRUCTURE_SAMPLES } from './samples-infrastructure.js';
import { SERVICE_SAMPLES } from './samples-services.js';
import { STRUCTURAL_SAMPLES } from './samples-structural.js';

/** One synthetic credential maker per rule id (tests check every rule has one). */
export const CREDENTIAL_SAMPLES: Readonly<Record<string, SampleMaker>> = {
  ...INFRASTRUCTURE_SAMPLES,
  ...SERVICE_SAMPLES,
  ...STRUCTURAL_SAMPLES,
};

export * from './credential-sample.js';
export * from './random-text.js';
