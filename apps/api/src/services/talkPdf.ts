import PDFDocument from "pdfkit";

/**
 * A toolbox talk's attendance sheet, drawn with pdfkit like the OSHA forms (services/oshaPdf.ts):
 * the talk (topic, project, date, presenter, what was said, its group photo), then one row per attendee with their
 * company, the time they signed, how (on a shared device or their own account) and their signature.
 */

type Doc = InstanceType<typeof PDFDocument>;

export interface SheetTalk {
  title: string;
  projectName: string;
  talkDate: string;
  presenterName: string;
  content: string;
  notes: string | null;
  /** The group photo's JPEG thumbnail, when the talk has one. */
  groupPhoto?: Uint8Array | null;
}

export interface SheetRow {
  name: string;
  company: string | null;
  signedAt: Date;
  via: string;
  current: boolean;
  signaturePng: Uint8Array;
}

const ROW_HEIGHT = 44;

export function talkAttendancePdf(talk: SheetTalk, rows: readonly SheetRow[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 40, info: { Title: `Toolbox talk attendance: ${talk.title}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    try {
      draw(doc, talk, rows);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function draw(doc: Doc, talk: SheetTalk, rows: readonly SheetRow[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font("Helvetica-Bold").fontSize(16).text("Toolbox Talk Attendance Sheet", left, 40, { width });
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(12).text(talk.title, { width });
  doc.font("Helvetica").fontSize(9);
  doc.text(`Project: ${talk.projectName}    Date: ${talk.talkDate}    Presenter: ${talk.presenterName}`, { width });
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(8.5).text(talk.content, { width, height: 160, ellipsis: true });
  if (talk.notes) {
    doc.moveDown(0.3);
    doc.font("Helvetica-Oblique").fontSize(8.5).text(`Notes: ${talk.notes}`, { width, height: 50, ellipsis: true });
  }
  if (talk.groupPhoto) {
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(9).text("Group photo", { width });
    const top = doc.y + 2;
    try {
      doc.image(Buffer.from(talk.groupPhoto), left, top, { fit: [200, 150] });
      doc.y = top + 152;
    } catch {
      doc.font("Helvetica-Oblique").fontSize(8.5).text("(photo unreadable)", { width });
    }
  }
  doc.moveDown(0.8);
  const columns = [
    { title: "#", w: 22 },
    { title: "Name", w: 130 },
    { title: "Company", w: 100 },
    { title: "Signed", w: 110 },
    { title: "Signature", w: width - 362 },
  ];
  let y = doc.y;
  const header = () => {
    let x = left;
    doc.font("Helvetica-Bold").fontSize(8.5);
    for (const col of columns) {
      doc.rect(x, y, col.w, 16).lineWidth(0.5).stroke();
      doc.text(col.title, x + 3, y + 4, { width: col.w - 6, lineBreak: false });
      x += col.w;
    }
    y += 16;
  };
  header();
  if (rows.length === 0) {
    doc
      .font("Helvetica-Oblique")
      .fontSize(9)
      .text("Nobody has signed yet.", left + 3, y + 6);
    return;
  }
  rows.forEach((row, i) => {
    if (y + ROW_HEIGHT > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
    const cells = [
      String(i + 1),
      row.name,
      row.company ?? "",
      `${row.signedAt.toISOString().slice(0, 16).replace("T", " ")} UTC${row.via === "own" ? "\nown account" : ""}${row.current ? "" : "\nearlier version"}`,
    ];
    let x = left;
    doc.font("Helvetica").fontSize(8.5);
    columns.forEach((col, c) => {
      doc.rect(x, y, col.w, ROW_HEIGHT).lineWidth(0.5).stroke();
      if (c < cells.length) doc.text(cells[c] ?? "", x + 3, y + 4, { width: col.w - 6, height: ROW_HEIGHT - 6, ellipsis: true });
      else {
        try {
          doc.image(Buffer.from(row.signaturePng), x + 3, y + 2, { fit: [col.w - 6, ROW_HEIGHT - 4] });
        } catch {
          // A signature whose pixels cannot be read (only its header is checked on upload) leaves the box empty.
          doc.text("(signature unreadable)", x + 3, y + 4, { width: col.w - 6 });
        }
      }
      x += col.w;
    });
    y += ROW_HEIGHT;
  });
}
