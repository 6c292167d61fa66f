// temp-dir 3 (tempy's, for warcio's TempFileBuffer under --warc) without its top-level await,
// which a CommonJS bundle cannot hold: the same real path of the temporary folder, found at once.
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';

export default realpathSync(tmpdir());
