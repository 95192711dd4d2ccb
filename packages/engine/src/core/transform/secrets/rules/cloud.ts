import type { SecretRule } from '../secret-rule.js';
import { END, START, UUID, anyCase, anyOf, assigned, prefixed, words } from '../regex-parts.js';

const B64_40 = '[A-Za-z0-9/+]{40}';

/** Cloud providers: AWS, Google Cloud, Azure, Alibaba, IBM, Tencent. */
export const CLOUD_RULES: readonly SecretRule[] = [
  {
    id: 'aws-access-key',
    description: 'AWS access key id (AKIA long-term, ASIA temporary, ABIA, ACCA)',
    keywords: ['akia', 'asia', 'abia', 'acca'],
    pattern: new RegExp(`${START}((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})${END}`),
  },
  {
    id: 'aws-secret-key',
    description: 'AWS secret access key (40 base64 characters next to its name)',
    keywords: ['secretaccesskey', 'secret_access_key', 'secret-access-key', 'aws'],
    pattern: assigned(
      `${words('aws')}[\\w.\\-]{0,20}?${anyCase('secret')}|${words('secret', 'access', 'key')}`,
      B64_40,
    ),
    minEntropy: 3.8,
  },
  {
    id: 'aws-session-token',
    description: 'AWS STS session token',
    keywords: ['session_token', 'sessiontoken', 'session-token'],
    pattern: assigned(words('session', 'token'), '[A-Za-z0-9/+=]{100,2000}'),
    minEntropy: 4,
    placeholders: 'words',
  },
  {
    id: 'aws-mws-auth-token',
    description: 'Amazon Marketplace Web Service auth token',
    keywords: ['amzn.mws.'],
    pattern: prefixed('amzn.mws.', UUID),
  },
  {
    id: 'aws-bedrock-api-key',
    description: 'Amazon Bedrock long-term API key',
    keywords: ['absk'],
    pattern: prefixed('ABSKQmVkcm9ja0FQSUtleS', '[A-Za-z0-9+/]{40,400}={0,2}'),
  },
  {
    id: 'gcp-service-account-key',
    description: 'Google Cloud service account key file (the JSON private_key value)',
    keywords: ['private_key'],
    pattern: new RegExp(
      String.raw`"private_key"\s*:\s*"(-----BEGIN PRIVATE KEY-----(?:\\n|[A-Za-z0-9+/=]){64,8192}?-----END PRIVATE KEY-----(?:\\n)?)"`,
    ),
    placeholders: 'words',
  },
  {
    id: 'gcp-api-key',
    description: 'Google Cloud / Firebase / Maps API key',
    keywords: ['aiza'],
    pattern: prefixed('AIza', '[0-9A-Za-z_\\-]{35}'),
  },
  {
    id: 'gcp-oauth-client-secret',
    description: 'Google OAuth client secret',
    keywords: ['gocspx-'],
    pattern: prefixed('GOCSPX-', '[A-Za-z0-9_\\-]{28}'),
  },
  {
    id: 'google-oauth-access-token',
    description: 'Google OAuth 2.0 access token',
    keywords: ['ya29.'],
    pattern: prefixed('ya29.', '[0-9A-Za-z_\\-]{30,2048}'),
  },
  {
    id: 'google-oauth-refresh-token',
    description: 'Google OAuth 2.0 refresh token',
    keywords: ['1//0'],
    pattern: new RegExp(`${START}(1//0[0-9A-Za-z_\\-]{40,512})${END}`),
    minEntropy: 4,
  },
  {
    id: 'azure-storage-account-key',
    description: 'Azure Storage / Cosmos DB account key in a connection string',
    keywords: ['accountkey='],
    pattern: /AccountKey=([A-Za-z0-9+/]{86}==)/,
  },
  {
    id: 'azure-sas-token',
    description: 'Azure shared access signature (sig= of a SAS URL or token)',
    keywords: ['sig='],
    pattern: /[?&;]sig=([A-Za-z0-9%+/]{40,120}(?:%3D|=){0,2})/,
    validate: (_secret, match) => /[?&;]s[vepr]=/.test(match.input),
  },
  {
    id: 'azure-service-bus-key',
    description: 'Azure Service Bus / Event Hubs / IoT Hub shared access key',
    keywords: ['sharedaccesskey='],
    pattern: /SharedAccessKey=([A-Za-z0-9+/]{43}=)/,
  },
  {
    id: 'azure-ad-client-secret',
    description: 'Microsoft Entra ID (Azure AD) application client secret',
    keywords: ['q~'],
    pattern: new RegExp(`${START}([A-Za-z0-9_~.\\-]{3}\\dQ~[A-Za-z0-9_~.\\-]{31,34})${END}`),
    minEntropy: 3.5,
  },
  {
    id: 'azure-devops-pat',
    description: 'Azure DevOps personal access token',
    keywords: ['devops', 'vsts', 'azure', 'ado_', 'azdo'],
    pattern: anyOf(
      new RegExp(`${START}([A-Za-z0-9]{52}AZDO[A-Za-z0-9]{28})${END}`),
      assigned(`${anyCase('devops')}|${anyCase('vsts')}|${anyCase('azure')}|ADO_`, '[a-z2-7]{52}'),
    ),
    minEntropy: 3.5,
  },
  {
    id: 'alibaba-access-key-id',
    description: 'Alibaba Cloud AccessKey id',
    keywords: ['ltai'],
    pattern: prefixed('LTAI', '[A-Za-z0-9]{12,20}'),
    minEntropy: 3,
  },
  {
    id: 'alibaba-access-key-secret',
    description: 'Alibaba Cloud AccessKey secret',
    keywords: ['alibaba', 'aliyun', 'alicloud'],
    pattern: assigned(
      `(?:${anyCase('alibaba')}|${anyCase('aliyun')}|${anyCase('alicloud')})[\\w.\\-]{0,24}?${anyCase('secret')}`,
      '[A-Za-z0-9]{30}',
    ),
    minEntropy: 3.5,
  },
  {
    id: 'ibm-cloud-api-key',
    description: 'IBM Cloud API key',
    keywords: ['ibm'],
    pattern: assigned(
      `${anyCase('ibm')}[\\w.\\-]{0,24}?(?:${anyCase('key')}|${anyCase('apikey')})`,
      '[A-Za-z0-9_\\-]{44}',
    ),
    minEntropy: 4,
  },
  {
    id: 'tencent-cloud-secret-id',
    description: 'Tencent Cloud SecretId',
    keywords: ['akid'],
    pattern: prefixed('AKID', '[A-Za-z0-9]{32}'),
    minEntropy: 3.5,
  },
  {
    id: 'databricks-token',
    description: 'Databricks personal access token',
    keywords: ['dapi'],
    pattern: prefixed('dapi', '[a-f0-9]{32}(?:-\\d)?'),
    minEntropy: 3,
  },
];
