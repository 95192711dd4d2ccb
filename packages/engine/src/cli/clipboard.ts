import { spawn } from 'node:child_process';
import { EngineError } from '../errors.js';

/** Clipboard programs in the order tried: Wayland, X11 (two), macOS, Windows and WSL. */
const PROGRAMS: readonly { readonly command: string; readonly args: readonly string[] }[] = [
  { command: 'wl-copy', args: [] },
  { command: 'xclip', args: ['-selection', 'clipboard'] },
  { command: 'xsel', args: ['--clipboard', '--input'] },
  { command: 'pbcopy', args: [] },
  { command: 'clip.exe', args: [] },
];

/**
 * Puts `text` on the system clipboard through the first program that runs. Fails with a clear
 * message naming the programs when none is installed (or none could reach a display).
 */
export async function copyToClipboard(text: string): Promise<string> {
  const problems: string[] = [];
  for (const program of PROGRAMS) {
    const outcome = await pipeInto(program.command, program.args, text);
    if (outcome === 'ok') return program.command;
    if (outcome !== 'missing') problems.push(`${program.command}: ${outcome}`);
  }
  const tried = PROGRAMS.map((program) => program.command).join(', ');
  throw new EngineError(
    'CLIPBOARD_UNAVAILABLE',
    problems.length === 0
      ? `Cannot copy: no clipboard program found (tried ${tried}). Install one, or write with -o or --stdout.`
      : `Cannot copy: ${problems.join('; ')}.`,
  );
}

/**
 * Runs a clipboard program with `text` on its stdin. On X11 and Wayland the program forks and
 * stays in the background to serve the selection, and that background copy keeps the stderr
 * pipe open: success is the first process's exit, and the pipe is then let go rather than
 * waited for (it would not close until something else takes the clipboard).
 */
function pipeInto(
  command: string,
  args: readonly string[],
  text: string,
): Promise<'ok' | 'missing' | string> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? 'missing' : error.message),
    );
    child.on('exit', (code) => {
      if (code !== 0) return;
      child.stderr.destroy();
      resolve('ok');
    });
    // A failure does not fork: its stderr closes with it, and its first line says why.
    child.on('close', (code, signal) =>
      resolve(stderr.trim().split('\n')[0] || `exit ${code ?? signal}`),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}
