/** Spec §9: PDF zoom from 50% to 300% in 10% steps; rotation in 90-degree steps. */
export const ZOOM_MIN = 50;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 10;
export const ZOOM_DEFAULT = 100;

export const zoomIn = (zoom: number): number => Math.min(ZOOM_MAX, zoom + ZOOM_STEP);
export const zoomOut = (zoom: number): number => Math.max(ZOOM_MIN, zoom - ZOOM_STEP);
export const rotate = (degrees: number): number => (degrees + 90) % 360;
export const clampPage = (page: number, pages: number): number => Math.min(Math.max(1, page), Math.max(1, pages));
