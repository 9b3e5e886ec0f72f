import { Image } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./photos.module.css";

/** A stored photo's thumbnail as the button that opens it; `fallback` stands in when it has none (a HEIC). */
export function PhotoThumb({
  photo,
  label,
  onOpen,
  fallback,
  testId,
}: {
  photo: { id: number; fileName: string; hasThumbnail: boolean };
  label: string;
  onOpen: () => void;
  fallback: ReactNode;
  testId?: string;
}) {
  return (
    <button type="button" className={classes.thumbButton} onClick={onOpen} aria-label={label} data-testid={testId}>
      {photo.hasThumbnail ? (
        <Image src={`/api/photos/${photo.id}/thumbnail`} alt={photo.fileName} className={classes.thumbImage} loading="lazy" />
      ) : (
        fallback
      )}
    </button>
  );
}
