// A file's size as people read it beside its name: whole kilobytes up to a megabyte (rounded
// up, so a small file never reads as smaller than it is), then megabytes to one decimal.
const KB = 1024;
const MB = 1024 * KB;

export const fileSizeText = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / KB)} KB`);
