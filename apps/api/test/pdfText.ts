import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Opens a PDF the way a reader would and returns its page count and the text of each page. */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<{ pages: number; text: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const text: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text };
}
