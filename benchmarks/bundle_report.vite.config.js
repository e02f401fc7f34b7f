// The site's own Vite config (Reflex writes .web/vite.config.js) plus one plugin that records, for
// every built client chunk, the modules Rollup put in it and what it imports. Used by
// benchmarks/bundle_report.py on a copy of .web, so the served build is never touched.
import { writeFileSync } from "fs";
import siteConfig from "./vite.config.js";

function recordChunks() {
  return {
    name: "student-portal-bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      // React Router builds a client and a server environment: only the browser's chunks count.
      const environment = this.environment ? this.environment.name : "client";
      if (environment !== "client") return;
      const chunks = Object.values(bundle)
        .filter((item) => item.type === "chunk")
        .map((chunk) => ({
          file: chunk.fileName,
          modules: Object.fromEntries(
            Object.entries(chunk.modules).map(([id, module]) => [id, module.renderedLength]),
          ),
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
        }));
      writeFileSync(process.env.BUNDLE_REPORT_OUT, JSON.stringify(chunks));
    },
  };
}

export default (env) => {
  const config = typeof siteConfig === "function" ? siteConfig(env) : siteConfig;
  return { ...config, plugins: [...config.plugins, recordChunks()] };
};
