-- Each stored chunk's SHA-256, taken as its bytes arrive: an assembled archive is then known by
-- the digest of its chunks' digests without reading it again. Chunks stored before have none.
alter table upload_chunks add column sha256 text;
