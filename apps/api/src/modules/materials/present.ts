import type { Material } from "@lms/contract";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { MaterialRow } from "./repo.js";

/** The signed download path of a material file, served by GET /api/materials/{materialId}/download. */
export const materialDownloadPath = (materialId: string) => `/api/materials/${materialId}/download`;

export function presentMaterial(row: MaterialRow, signer: UrlSigner): Material {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    description: row.description,
    type: row.type as Material["type"],
    downloads: row.downloads,
    uploadDate: row.created_at,
    fileName: row.file_name,
    url: row.storage_key ? signer.sign(materialDownloadPath(row.id)) : (row.url ?? ""),
    size: row.size,
    mimeType: row.mime,
  };
}
