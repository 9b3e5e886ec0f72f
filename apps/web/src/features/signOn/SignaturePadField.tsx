import { Box, Button, Group, Text } from "@mantine/core";
import { SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from "@sitesafe/domain";
import { IconEraser } from "@tabler/icons-react";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import SignaturePad from "signature_pad";

export interface SignaturePadHandle {
  /** The drawn signature as a PNG data URL, or null while the pad is empty. */
  toDataUrl(): string | null;
}

const HEIGHT_PX = 200;

/**
 * A finger-drawn signature (signature_pad, docs/decisions/0118-crew-sign-on.md). The canvas is
 * drawn at the screen's pixel density, capped so the PNG stays within the server's 2000 x 1000.
 */
export const SignaturePadField = forwardRef<SignaturePadHandle, { error?: string | null; onChange?: (empty: boolean) => void }>(
  function SignaturePadField({ error, onChange }, ref) {
    const { t } = useTranslation("signOn");
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const padRef = useRef<SignaturePad | null>(null);
    const [empty, setEmpty] = useState(true);
    const changed = useRef(onChange);
    changed.current = onChange;

    useEffect(() => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const pad = new SignaturePad(canvas, { penColor: "#111", minWidth: 1, maxWidth: 3 });
      padRef.current = pad;
      const fit = () => {
        const width = canvas.offsetWidth;
        const ratio = Math.max(
          1,
          Math.min(window.devicePixelRatio || 1, SIGNATURE_MAX_WIDTH / Math.max(width, 1), SIGNATURE_MAX_HEIGHT / HEIGHT_PX),
        );
        canvas.width = Math.floor(width * ratio);
        canvas.height = Math.floor(HEIGHT_PX * ratio);
        canvas.getContext("2d")?.scale(ratio, ratio);
        // A resized canvas is blank: start over rather than keep a distorted signature.
        pad.clear();
        setEmpty(true);
        changed.current?.(true);
      };
      fit();
      const onEnd = () => {
        setEmpty(pad.isEmpty());
        changed.current?.(pad.isEmpty());
      };
      pad.addEventListener("endStroke", onEnd);
      window.addEventListener("resize", fit);
      return () => {
        pad.removeEventListener("endStroke", onEnd);
        window.removeEventListener("resize", fit);
        pad.off();
        padRef.current = null;
      };
    }, []);

    useImperativeHandle(ref, () => ({
      toDataUrl: () => {
        const pad = padRef.current;
        return pad && !pad.isEmpty() ? pad.toDataURL("image/png") : null;
      },
    }));

    const clear = () => {
      padRef.current?.clear();
      setEmpty(true);
      onChange?.(true);
    };

    return (
      <Box>
        <Box
          style={{
            border: `2px dashed var(--mantine-color-${error ? "red" : "gray"}-5)`,
            borderRadius: "var(--mantine-radius-md)",
            background: "var(--mantine-color-white)",
            touchAction: "none",
          }}
        >
          <canvas
            ref={canvasRef}
            data-testid="signature-pad"
            aria-label={t("flow.padLabel")}
            role="img"
            style={{ display: "block", width: "100%", height: HEIGHT_PX, touchAction: "none", cursor: "crosshair" }}
          />
        </Box>
        <Group justify="space-between" mt={6}>
          <Text size="sm" c={error ? "red" : "dimmed"} role={error ? "alert" : undefined}>
            {error ?? t("flow.padLabel")}
          </Text>
          <Button variant="subtle" size="compact-sm" leftSection={<IconEraser size={16} />} onClick={clear} disabled={empty}>
            {t("flow.clear")}
          </Button>
        </Group>
      </Box>
    );
  },
);
