/** The build's server entry (src/integrations/app-entry.ts) as the tail renderer's bundle takes it: wrangler's alias names `DIST_DIR/server/entry.mjs`. */
declare module 'catalog-server-entry' {
  export function renderPage(request: Request, locals: object): Promise<Response | undefined>;
}

/** A WebAssembly file as wrangler bundles it (its CompiledWasm rule): the compiled module. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

/** A font file as the tail renderer's bundle takes it (its Data rule): the bytes. */
declare module 'dejavu-fonts-ttf/ttf/*.ttf' {
  const bytes: ArrayBuffer;
  export default bytes;
}
