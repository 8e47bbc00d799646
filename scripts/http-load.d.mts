export function send(
  url: string,
  options?: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    answer?: boolean;
  },
): Promise<string>;
export function closeConnections(): void;
