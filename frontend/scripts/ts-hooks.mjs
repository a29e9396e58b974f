// Node module hooks that let the scripts in this folder import the front
// end's TypeScript (frontend/src/engine/) as it is: a relative import without
// an extension finds its .ts file, and a .ts file is transpiled with the
// project's TypeScript (types are stripped, not checked: tsc checks them).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export async function resolve(specifier, context, next) {
  if ((specifier.startsWith("./") || specifier.startsWith("../")) && context.parentURL?.endsWith(".ts")) {
    const url = new URL(specifier, context.parentURL);
    if (!/\.[cm]?[jt]s$/.test(url.pathname) && existsSync(fileURLToPath(url) + ".ts")) {
      return { url: url.href + ".ts", shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith(".ts")) return next(url, context);
  const source = await readFile(fileURLToPath(url), "utf8");
  const { outputText } = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  return { format: "module", source: outputText, shortCircuit: true };
}
