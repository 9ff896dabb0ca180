import type * as React from "react";

export type PreviewColumn = { label: string; className?: string };

/**
 * The import's tables (the preview's rows, the points of sale's rows, the skipped rows and the
 * notes): one bordered, sideways-scrolling table with its header row.
 */
export function PreviewTable({ columns, children }: { columns: PreviewColumn[]; children: React.ReactNode }) {
  return (
    <div className="mt-2 overflow-x-auto rounded-md border border-gray-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={`px-3 py-2 font-medium ${column.className ?? ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
