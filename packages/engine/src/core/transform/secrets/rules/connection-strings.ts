import { isNotAssignedSecret } from '../placeholders.js';
import type { SecretRule } from '../secret-rule.js';

/**
 * `scheme://user:password@host`: only the password is the secret. The user part may be empty
 * (`redis://:pw@host`); the password must not be the user name or a stand-in.
 */
function credentialUrl(
  id: string,
  schemes: string,
  keywords: readonly string[],
  description: string,
): SecretRule {
  return {
    id,
    description,
    keywords,
    pattern: new RegExp(
      // A password may hold `@` (unencoded, as people paste it): it runs to the last `@` before the host.
      String.raw`(?<![A-Za-z0-9+:])(?:${schemes})://(?:[^:@/\s"'\x60<>{}]{0,128}):([^/\s"'\x60<>]{3,256})@[A-Za-z0-9_.\-\[\]%]+`,
    ),
    placeholders: 'none',
    validate: (password, match) => {
      const user = /:\/\/([^:@/]*):/.exec(match[0])?.[1];
      return !isNotAssignedSecret(decodeURIComponentSafe(password), user);
    },
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Connection strings and service URLs with an embedded password. */
export const CONNECTION_STRING_RULES: readonly SecretRule[] = [
  credentialUrl(
    'postgres-connection-string',
    'postgres(?:ql)?(?:\\+\\w+)?',
    ['postgres'],
    'PostgreSQL URL password',
  ),
  credentialUrl(
    'mysql-connection-string',
    'mysql(?:x)?(?:\\+\\w+)?|mariadb',
    ['mysql', 'mariadb'],
    'MySQL / MariaDB URL password',
  ),
  credentialUrl(
    'mongodb-connection-string',
    'mongodb(?:\\+srv)?',
    ['mongodb'],
    'MongoDB URL password',
  ),
  credentialUrl(
    'redis-connection-string',
    'rediss?|valkey',
    ['redis', 'valkey'],
    'Redis URL password',
  ),
  credentialUrl('amqp-connection-string', 'amqps?', ['amqp'], 'AMQP (RabbitMQ) URL password'),
  credentialUrl(
    'mssql-connection-string',
    'sqlserver|mssql(?:\\+\\w+)?',
    ['sqlserver', 'mssql'],
    'SQL Server URL password',
  ),
  credentialUrl('jdbc-connection-string', 'jdbc:[a-z0-9]+', ['jdbc:'], 'JDBC URL password'),
  credentialUrl(
    'database-connection-string',
    'cockroachdb|clickhouse|couchbases?|couchdb|neo4j(?:\\+s)?|bolt|cassandra|oracle|db2|snowflake|influxdb|nats|mqtts?|kafka',
    [
      'cockroach',
      'clickhouse',
      'couch',
      'neo4j',
      'bolt',
      'cassandra',
      'oracle',
      'db2',
      'snowflake',
      'influx',
      'nats',
      'mqtt',
      'kafka',
    ],
    'other database or broker URL password',
  ),
  credentialUrl('ldap-credentials', 'ldaps?', ['ldap'], 'LDAP URL password'),
  credentialUrl('smtp-credentials', 'smtps?', ['smtp'], 'SMTP URL password'),
  credentialUrl('ftp-credentials', 's?ftps?', ['ftp'], 'FTP / SFTP URL password'),
  credentialUrl(
    'basic-auth-url',
    'https?|wss?|git\\+https?|svn\\+ssh|ssh',
    ['http', 'ws', 'ssh'],
    'HTTP basic-auth credentials in a URL',
  ),
];
