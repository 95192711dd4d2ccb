// Which archive files a job can process, as the engine decides it (DESIGN 4.4; copied from
// packages/engine/src/core/select): the explorer greys out the rest. The server re-checks
// everything, content sniffing included, and stays the authority.

/** The engine's default per-file cap. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

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

const SYSTEM_FILES: ReadonlySet<string> = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

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

export type IneligibleReason =
  'excluded folder' | 'lock file' | 'system file' | 'binary' | 'too large';

/** True for a folder name that is excluded with everything inside it. */
export function isExcludedFolder(name: string): boolean {
  return EXCLUDED_FOLDERS.has(name.toLowerCase());
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why a file (by its basename, size and whether an ancestor folder is excluded) cannot be
 * processed, or null when it can.
 */
export function ineligibleReason(
  basename: string,
  size: number,
  inExcludedFolder: boolean,
): IneligibleReason | null {
  if (inExcludedFolder) return 'excluded folder';
  const name = basename.toLowerCase();
  if (LOCK_FILES.has(name)) return 'lock file';
  if (SYSTEM_FILES.has(name) || name.startsWith('._')) return 'system file';
  if (BINARY_EXTENSIONS.has(extensionOf(name))) return 'binary';
  if (size > MAX_FILE_BYTES) return 'too large';
  return null;
}
