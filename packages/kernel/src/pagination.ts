/** Pages start at 1, as in the spec (game lists 20, home game area 48). */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

export interface Page<T> {
  content: T[];
  pageNum: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export function offsetOf(page: PageRequest): number {
  return (page.pageNo - 1) * page.pageSize;
}

export function toPage<T>(content: T[], page: PageRequest, total: number): Page<T> {
  return {
    content,
    pageNum: page.pageNo,
    pageSize: page.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / page.pageSize)),
  };
}
