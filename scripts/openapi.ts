// npm run openapi : writes the API's OpenAPI document to docs/openapi.json (a test fails while it is stale).
import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument, OPENAPI_FILE } from '../src/server/http/openapi-document.js';

await writeFile(OPENAPI_FILE, await buildOpenApiDocument());
console.log(`Documento OpenAPI escrito em ${OPENAPI_FILE}`);
process.exit(0);
