// Ordinary code around the planted values, so files read like real ones (and the clean part of
// the corpus costs what real code costs).
import type { Language } from './languages.js';

export const FILLER: Record<Language, readonly string[]> = {
  ts: [
    `export async function fetchUser(id: string): Promise<User | undefined> {
  const response = await fetch(\`\${API_BASE}/users/\${encodeURIComponent(id)}\`, { headers: defaultHeaders() });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new HttpError(response.status, await response.text());
  return (await response.json()) as User;
}`,
    `function defaultHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': crypto.randomUUID() };
}`,
    `export class RetryPolicy {
  constructor(private readonly attempts = 3, private readonly baseDelayMs = 200) {}
  delayFor(attempt: number): number {
    return Math.min(this.baseDelayMs * 2 ** attempt, 5_000) + Math.floor(Math.random() * 50);
  }
}`,
    `const PORT = Number(process.env.PORT ?? 8080);
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
export const isProduction = process.env.NODE_ENV === 'production';`,
  ],
  py: [
    `def load_settings(path: str) -> dict:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    return {key.lower(): value for key, value in data.items()}`,
    `class RateLimiter:
    def __init__(self, per_second: float) -> None:
        self.per_second = per_second
        self._last = 0.0

    def wait(self) -> None:
        delay = max(0.0, self._last + 1.0 / self.per_second - time.monotonic())
        time.sleep(delay)
        self._last = time.monotonic()`,
    `LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "api.acme.io"]
DEBUG = False`,
  ],
  go: [
    `func NewClient(baseURL string, timeout time.Duration) *Client {
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), http: &http.Client{Timeout: timeout}}
}`,
    `func (c *Client) Get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+path, nil)
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(out)
}`,
  ],
  yaml: [
    `replicas: 3
image: ghcr.io/acme/api:1.42.0
resources:
  limits:
    cpu: 500m
    memory: 512Mi`,
    `logging:
  level: info
  format: json
features:
  - search
  - exports`,
  ],
  env: [
    'NODE_ENV=production\nPORT=8080\nLOG_LEVEL=info',
    'APP_NAME=acme-api\nREGION=eu-west-1\nFEATURE_EXPORTS=true',
  ],
  json: [
    '  "name": "acme-api",\n  "port": 8080,\n  "region": "eu-west-1"',
    '  "features": ["search", "exports"],\n  "retries": 3',
  ],
  sh: [
    `log() { printf '%s %s\\n' "$(date -u +%FT%TZ)" "$*" >&2; }
for attempt in 1 2 3; do
  if curl -fsS "$HEALTH_URL" >/dev/null; then log "healthy"; break; fi
  sleep $((attempt * 2))
done`,
    `deploy() {
  local tag="$1"
  docker build -t "acme/api:$tag" .
  docker push "acme/api:$tag"
}`,
  ],
  java: [
    `    public static Duration timeout() {
        return Duration.ofSeconds(Long.parseLong(System.getProperty("acme.timeout", "30")));
    }`,
    `    public static Map<String, String> defaultHeaders() {
        return Map.of("Accept", "application/json", "User-Agent", "acme-client/1.4");
    }`,
  ],
};
