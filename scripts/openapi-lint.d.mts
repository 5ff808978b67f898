export function buildDocumentFromDist(): Promise<Record<string, unknown>>;
export function lintOpenApiFile(file: string): string[];
export function lintOpenApiDocument(document: unknown): string[];
