import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerGrepOutputFiles } from './grep-output-tool.js';
import { registerJobTools } from './job-tools.js';
import type { McpCaller } from './mcp-caller.js';
import { registerPackRepository } from './pack-repository-tool.js';

/**
 * The hosted MCP server of one request (the endpoint is stateless: every POST builds one for
 * the caller its API key names, so no state outlives the request).
 */
export function createHostedMcpServer(caller: McpCaller, version: string): McpServer {
  const server = new McpServer(
    { name: 'repobundle', version },
    {
      instructions:
        'Pack a GitHub repository with pack_repository (it runs as a job and costs credits), wait for it with get_job, then read its bundle with list_output_files, read_output_file and grep_output_files. Long files come in pages.',
    },
  );
  registerPackRepository(server, caller);
  registerJobTools(server, caller);
  registerGrepOutputFiles(server, caller);
  return server;
}
