/** Where the template pages live under a portal's configuration menu. */
export const templatePaths = {
  list: (configBase: string) => `${configBase}/template`,
  edit: (configBase: string, id: string) => `${configBase}/template?edit=${encodeURIComponent(id)}`,
  printer: (configBase: string) => `${configBase}/printer`,
};
