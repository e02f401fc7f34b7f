"""Small pure helpers the other folders share (dates, links, filters, phone numbers, picture slots,
mediums, page actions in the browser). Nothing here fetches, holds state or draws."""
