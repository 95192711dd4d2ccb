/**
 * Which files a job can process, by name and size alone: the engine applies these
 * rules when it selects files and the upload explorer greys out the same files, so both live here.
 * The engine also sniffs content; the server stays the authority. Names compare case-insensitively,
 * as the spec lists them in lower case (`__macosx`, `.ds_store`).
 */

/** The engine's default per-file size cap. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The spec's excluded folders. */
const EXCLUDED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  '__pycache__',
  'venv',
  'env',
  '.idea',
  '.vscode',
  'dist',
  'build',
  'coverage',
  '__macosx',
]);

/**
 * Lock files: machine-written dependency snapshots, often huge, that tell a reader nothing the
 * manifest does not. Beyond the spec's three we drop every lock file with an unambiguous name
 * (Cargo.lock, poetry.lock, go.sum...): the manifests (Cargo.toml, pyproject.toml, go.mod) stay.
 */
const LOCK_FILES: ReadonlySet<string> = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  'deno.lock',
  'cargo.lock',
  'poetry.lock',
  'pipfile.lock',
  'pdm.lock',
  'uv.lock',
  'composer.lock',
  'gemfile.lock',
  'go.sum',
  'go.work.sum',
  'mix.lock',
  'pubspec.lock',
  'podfile.lock',
  'packages.lock.json',
  'paket.lock',
  'gradle.lockfile',
  'flake.lock',
  'package.resolved',
  'cartfile.resolved',
  'conan.lock',
  'manifest.lock',
]);

/** Operating-system metadata that is never part of a project. */
const SYSTEM_FILES: ReadonlySet<string> = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** True for a folder name selection excludes wholesale; directory sources prune on it. */
export function isExcludedFolder(name: string): boolean {
  return EXCLUDED_FOLDERS.has(name.toLowerCase());
}

/** The rule that excludes a file by its basename (`lock file`, `system file`), else undefined. */
export function excludedFileRule(basename: string): string | undefined {
  const name = basename.toLowerCase();
  if (LOCK_FILES.has(name)) return 'lock file';
  if (SYSTEM_FILES.has(name)) return 'system file';
  if (name.startsWith('._')) return 'macOS resource fork';
  return undefined;
}

/**
 * Extensions whose files are binary (or, like svg, treated as such by the spec), so they are
 * skipped without reading them. Content sniffing in decode catches the rest, so extensions that
 * are often text too (`.out`, `.obj` models, `.key` PEM files, `.dat`) are left to it.
 */
const BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  [
    // images (svg: the spec lists it with the binaries)
    'png jpg jpeg jpe jfif gif bmp dib tif tiff webp avif heic heif ico icns cur psd ai eps',
    'xcf raw cr2 nef dng svg svgz jxl jp2 tga exr hdr pcx sketch fig',
    // documents
    'pdf doc docx docm dot dotx xls xlsx xlsm xlsb ppt pptx pptm odt ods odp odg rtf pages',
    'numbers epub mobi djvu xps',
    // archives and compressed data
    'zip gz tgz bz2 tbz tbz2 xz txz lz lzma lz4 zst tzst z 7z rar tar cab arj cpio iso dmg',
    'img vhd vmdk qcow2 br jar war ear aar apk aab ipa xpi crx nupkg whl egg gem deb rpm msi',
    'msix appx snap pkg vsix',
    // fonts
    'ttf otf woff woff2 eot pfb pfm ttc',
    // audio and video
    'mp3 wav flac aac ogg oga opus m4a wma aiff aif mid midi amr mp4 m4v mov avi mkv webm wmv',
    'flv mpg mpeg 3gp ogv swf',
    // executables, libraries, object code, bytecode
    'exe dll so dylib a lib o ko elf bin com sys class dex pyc pyo pyd beam wasm node pdb ilk',
    'exp idb rlib gch pch nib',
    // databases and data blobs
    'sqlite sqlite3 db db3 mdb accdb dbf ibd myd myi ldb parquet avro orc feather arrow npy',
    'npz pkl pickle h5 hdf5 mat sav dta rds rdata onnx pt pth ckpt safetensors tflite pb',
    'mlmodel gguf bson msgpack lockb',
    // 3D, design and game assets
    'blend fbx 3ds max glb stl dae unitypackage uasset umap pak',
    // keys and certificates in binary form
    'der p12 pfx jks keystore gpg kdbx',
  ].flatMap((row) => row.split(' ')),
);

/** The lower-cased extension of a path's basename, '' when it has none (`.bashrc` has none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isBinaryExtension(path: string): boolean {
  return BINARY_EXTENSIONS.has(extensionOf(path));
}
