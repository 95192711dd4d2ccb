import type { SecretRule } from '../secret-rule.js';
import { END, START, anyCase, anyOf, assigned, prefixed } from '../regex-parts.js';

/** AI and machine-learning platforms. */
export const AI_RULES: readonly SecretRule[] = [
  {
    id: 'openai-api-key',
    description: 'OpenAI API key (user, project, service account or admin)',
    keywords: ['t3blbkfj', 'sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'.toLowerCase()],
    pattern: anyOf(
      new RegExp(
        `${START}(sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\\-]{16,200}T3BlbkFJ[A-Za-z0-9_\\-]{16,200})${END}`,
      ),
      prefixed('sk-', '(?:proj|svcacct|admin)-[A-Za-z0-9_\\-]{40,300}'),
    ),
    minEntropy: 4,
  },
  {
    id: 'anthropic-api-key',
    description: 'Anthropic API or admin key',
    keywords: ['sk-ant-'],
    pattern: prefixed('sk-ant-', '(?:api|admin|oat|ort)\\d{2}-[A-Za-z0-9_\\-]{80,120}'),
    minEntropy: 4,
  },
  {
    id: 'huggingface-token',
    description: 'Hugging Face user or organization access token',
    keywords: ['hf_', 'api_org_'],
    pattern: new RegExp(`${START}((?:hf_|api_org_)[A-Za-z]{34})${END}`),
    minEntropy: 3.8,
  },
  {
    id: 'groq-api-key',
    description: 'Groq API key',
    keywords: ['gsk_'],
    pattern: prefixed('gsk_', '[A-Za-z0-9]{52}'),
    minEntropy: 4,
  },
  {
    id: 'replicate-api-token',
    description: 'Replicate API token',
    keywords: ['r8_'],
    pattern: prefixed('r8_', '[A-Za-z0-9]{37}'),
    minEntropy: 3.8,
  },
  {
    id: 'perplexity-api-key',
    description: 'Perplexity API key',
    keywords: ['pplx-'],
    pattern: prefixed('pplx-', '[A-Za-z0-9]{48}'),
    minEntropy: 4,
  },
  {
    id: 'xai-api-key',
    description: 'xAI (Grok) API key',
    keywords: ['xai-'],
    pattern: prefixed('xai-', '[A-Za-z0-9]{80}'),
    minEntropy: 4,
  },
  {
    id: 'openrouter-api-key',
    description: 'OpenRouter API key',
    keywords: ['sk-or-v1-'],
    pattern: prefixed('sk-or-v1-', '[a-f0-9]{64}'),
  },
  {
    id: 'langsmith-api-key',
    description: 'LangSmith (LangChain) API key',
    keywords: ['lsv2_'],
    pattern: prefixed('lsv2_', '(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}'),
  },
  {
    id: 'deepseek-api-key',
    description: 'DeepSeek API key next to its name',
    keywords: ['deepseek'],
    pattern: assigned(anyCase('deepseek'), 'sk-[a-f0-9]{32}'),
  },
  {
    id: 'cohere-api-key',
    description: 'Cohere API key next to its name',
    keywords: ['cohere', 'co_api_key'],
    pattern: assigned(`${anyCase('cohere')}|CO_API_KEY`, '[A-Za-z0-9]{40}'),
    minEntropy: 4,
  },
  {
    id: 'mistral-api-key',
    description: 'Mistral AI API key next to its name',
    keywords: ['mistral'],
    pattern: assigned(anyCase('mistral'), '[A-Za-z0-9]{32}'),
    minEntropy: 4,
  },
  {
    id: 'pinecone-api-key',
    description: 'Pinecone API key',
    keywords: ['pcsk_'],
    pattern: prefixed('pcsk_', '[A-Za-z0-9]{5,6}_[A-Za-z0-9]{60,70}'),
    minEntropy: 4,
  },
  {
    id: 'weights-and-biases-api-key',
    description: 'Weights & Biases API key next to its name',
    keywords: ['wandb'],
    pattern: assigned(anyCase('wandb'), '[a-f0-9]{40}'),
    minEntropy: 3,
  },
];
