import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  chunkingStrategies,
  fromGithubRequestSchema,
  jobCreditTypes,
  outputFormats,
  tokenLimits,
} from '@repobundle/contract';
import { z } from 'zod';
import { badRequest, forbidden } from '../errors.js';
import { scopeCovers } from '../services/api-keys.service.js';
import { createJobFromGithub } from '../services/github/repositories.service.js';
import type { McpCaller } from './mcp-caller.js';
import { textResult, toolOutcome } from './tool-outcome.js';

/**
 * pack_repository: a job from a GitHub repository, made as POST /api/jobs/from-github makes
 * one (plan and connection checked, credits reserved, queued for the workers). Without
 * `selected`, every file of the commit is selected and eligibility decides.
 */
const inputShape = {
  github_url: z.string().min(1).describe('The repository, e.g. https://github.com/owner/repo.'),
  branch: z
    .string()
    .min(1)
    .optional()
    .describe('Branch, tag or commit (default: the default branch).'),
  selected: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Paths to pack; default: every file (binary, excluded and ignored files are left out).',
    ),
  output_format: z
    .enum(outputFormats)
    .optional()
    .describe('Default md; the plan may limit formats.'),
  template: z.string().optional().describe('Handlebars template for output_format "custom".'),
  chunking_strategy: z.enum(chunkingStrategies).optional().describe('Default fixed.'),
  token_limit: z
    .number()
    .int()
    .optional()
    .describe(`Most tokens in one chunk: one of ${tokenLimits.join(', ')} (default 128000).`),
  chunk_overlap: z.number().int().min(0).optional(),
  remove_comments: z.boolean().optional(),
  remove_blank_lines: z.boolean().optional(),
  show_line_numbers: z.boolean().optional(),
  redact_secrets: z.boolean().optional(),
  custom_secret_patterns: z.array(z.string()).optional(),
  use_gitignore: z.boolean().optional().describe("Apply the repository's .gitignore files."),
  include_patterns: z
    .array(z.string())
    .optional()
    .describe('Only files matching these patterns (gitignore syntax).'),
  exclude_patterns: z
    .array(z.string())
    .optional()
    .describe('Leave out files matching these patterns (gitignore syntax).'),
  notebook_processing: z.boolean().optional(),
  header_text: z.string().optional(),
  instruction_text: z.string().optional(),
  credit_type: z
    .enum(jobCreditTypes)
    .optional()
    .describe('Which credits pay: monthly, purchased or hybrid (default: your setting).'),
};

type PackRepositoryArgs = z.output<z.ZodObject<typeof inputShape>>;

export function registerPackRepository(server: McpServer, caller: McpCaller): void {
  server.registerTool(
    'pack_repository',
    {
      title: 'Pack a GitHub repository',
      description:
        'Starts a job that packs a GitHub repository into an AI-ready bundle, charged in credits like any job (one credit per 2,000 lines). Needs a plan with repository access, a connected GitHub account and an API key with the jobs scope. Answers with a job_id: follow it with get_job, then list_output_files and read_output_file.',
      inputSchema: inputShape,
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    (args) =>
      toolOutcome(caller.ctx, 'pack_repository', async () => {
        if (!scopeCovers(caller.key.scope, 'jobs')) {
          throw forbidden(
            'INSUFFICIENT_SCOPE',
            `This API key has the ${caller.key.scope} scope: pack_repository needs a key with the jobs scope.`,
          );
        }
        const input = jobFields(args);
        const created = await createJobFromGithub(caller.ctx, caller.user, input, {
          everyFile: args.selected === undefined,
        });
        return textResult(
          [
            `Job ${created.job_id} is queued: ${created.total_files.toLocaleString('en-US')} files, ${created.line_count.toLocaleString('en-US')} lines, ${created.reserved_credits} credits reserved (the rest comes back if it uses fewer).`,
            `Next: get_job with job_id "${created.job_id}" and wait_seconds to wait for it.`,
          ].join('\n'),
          { ...created },
        );
      }),
  );
}

/** The tool's arguments as the from-github form's fields, checked by the same schema. */
function jobFields(args: PackRepositoryArgs) {
  const { include_patterns, exclude_patterns, selected, ...rest } = args;
  const parsed = fromGithubRequestSchema.safeParse({
    ...rest,
    output_format: rest.output_format ?? 'md',
    selected: selected ?? [],
    ...((include_patterns || exclude_patterns) && {
      gitignore_config: {
        custom_include_patterns: include_patterns,
        custom_exclude_patterns: exclude_patterns,
      },
    }),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw badRequest('VALIDATION_ERROR', `Invalid arguments: ${problems.join('; ')}`, problems);
  }
  return parsed.data;
}
