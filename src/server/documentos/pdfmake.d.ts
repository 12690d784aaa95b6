// pdfmake 0.3 ships no types (and @types/pdfmake describes 0.2): the part the server uses.
declare module 'pdfmake' {
  /** A pdfmake document definition (content, styles, pageSize, footer …). */
  export type DocumentoPdf = Record<string, unknown>;
  interface PdfMake {
    setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(documento: DocumentoPdf): { getBuffer(): Promise<Buffer> };
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
