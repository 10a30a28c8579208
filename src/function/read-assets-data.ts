import { isPackedDataPath, PACKED_DATA_SUFFIX } from '../contracts/published/function-data-files.ts';

/** The static half as workerd binds it (Workers Static Assets). */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

// Any host name does: the binding reads only the path.
const ASSET_ORIGIN = 'https://assets.invalid';

/**
 * A data file through the ASSETS binding (workerd's DataSource.read, the main worker's and the
 * tail renderer's alike): a shard or the index as its packed (gzip) copy, unpacked here, which
 * cuts the bytes read at a cold start tenfold; the file itself where the upload has no packed
 * copy (made without them) or the copy does not unpack.
 */
export async function readAssetsData(assets: AssetsBinding, path: string): Promise<Uint8Array | undefined> {
  if (isPackedDataPath(path)) {
    const packed = await assets.fetch(new Request(ASSET_ORIGIN + path + PACKED_DATA_SUFFIX));
    if (packed.ok && packed.body) {
      const unpacked = await new Response(packed.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer().catch(() => undefined);
      if (unpacked) return new Uint8Array(unpacked);
    }
  }
  const answer = await assets.fetch(new Request(ASSET_ORIGIN + path));
  return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
}
