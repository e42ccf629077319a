import yazl from "yazl";

export interface ZipItem {
  name: string;
  data: string | Buffer;
  /** Unix mode bits (0o120777 makes a symbolic link). */
  mode?: number;
}

/** A zip built with yazl; `rename` then swaps names yazl itself refuses to write (same length, byte for byte). */
export async function zipWith(items: ZipItem[], rename: Record<string, string> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    const data = typeof item.data === "string" ? Buffer.from(item.data) : item.data;
    zip.addBuffer(data, item.name, item.mode === undefined ? {} : { mode: item.mode });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(rename)) {
    if (from.length !== to.length) throw new Error("a renamed entry keeps its length");
    bytes = Buffer.from(bytes.toString("latin1").split(from).join(to), "latin1");
  }
  return bytes;
}

export const manifest12 = (launch = "index.html") => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="course-1" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>Safety basics</title>
      <item identifier="item-1" identifierref="res-1"><title>Part one</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormtype="sco" href="${launch}">
      <file href="${launch}"/>
    </resource>
  </resources>
</manifest>`;

export const manifest2004 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="course-2" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="second">
    <organization identifier="first"><title>Not this one</title>
      <item identifier="a" identifierref="r-a"><title>A</title></item>
    </organization>
    <organization identifier="second"><title>Fire drill</title>
      <item identifier="b"><title>Chapter</title>
        <item identifier="b1" identifierref="r-b"><title>Start</title></item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r-a" type="webcontent" adlcp:scormType="sco" href="a.html"/>
    <resource identifier="r-b" type="webcontent" adlcp:scormType="sco" xml:base="content/" href="start.html"/>
  </resources>
</manifest>`;

export const launchPage = "<!doctype html><html><head><title>SCO</title></head><body><p>Hello</p></body></html>";
