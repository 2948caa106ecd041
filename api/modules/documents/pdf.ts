import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Rendering a document definition to PDF bytes with pdfmake's Node build and the Roboto fonts it ships
 * (docs/decisions/040-print-documents.md). pdfmake may read only its own font files and fetch no URL:
 * a definition can never make the server open another file or call out.
 */

const require = createRequire(import.meta.url);

interface PdfMake {
  setFonts(fonts: unknown): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let engine: PdfMake | undefined;

function pdfmake(): PdfMake {
  if (engine) return engine;
  const instance = require('pdfmake') as PdfMake;
  const fontsModule = require.resolve('pdfmake/fonts/Roboto.js');
  const fontsFolder = `${dirname(fontsModule)}/Roboto/`;
  instance.setFonts(require(fontsModule));
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((path) => path.startsWith(fontsFolder) && !path.includes('..'));
  engine = instance;
  return instance;
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(definition).getBuffer();
}
