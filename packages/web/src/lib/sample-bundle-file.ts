/** Where the build puts the landing page's sample bundle (a file of dist/, fetched at runtime). */
export const SAMPLE_BUNDLE_FILE = 'samples/ms-bundle.json';
