import type { DirectorFile } from "@/db/schema";

/** A director file as the API answers it: never the storage key. `file` is where to download it. */
export interface DirectorFileView {
  id: number;
  directorId: number;
  fileName: string;
  fileType: DirectorFile["fileType"];
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdAt: string;
  file: string;
}

/** The director's own download address of a file. */
export function ownFileUrl(id: number): string {
  return `/api/director-verification/director/file/${id}`;
}

/** What every view of a director file shows of it: its id, name, kind, type, size, hash and upload time. */
export function fileFacts(f: Pick<DirectorFile, "id" | "fileName" | "fileType" | "contentType" | "sizeBytes" | "sha256" | "createdAt">) {
  return { id: f.id, fileName: f.fileName, fileType: f.fileType, contentType: f.contentType, sizeBytes: f.sizeBytes, sha256: f.sha256, createdAt: f.createdAt.toISOString() };
}

export function toDirectorFileView(f: Pick<DirectorFile, "id" | "directorId" | "fileName" | "fileType" | "contentType" | "sizeBytes" | "sha256" | "createdAt">): DirectorFileView {
  return { ...fileFacts(f), directorId: f.directorId, file: ownFileUrl(f.id) };
}
