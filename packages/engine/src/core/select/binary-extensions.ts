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
