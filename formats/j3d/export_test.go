package j3d

// Internals the external tests (package j3d_test, which may import
// j3dtest) check: the byte-order sniff, the tolerated size slacks, and the
// header fields the hostile tests corrupt.
var ByteOrderOf = byteOrder

const (
	TTK1SizeSlack = ttk1SizeSlack
	TrimSlack     = trimSlack

	ANF1LoopMode      = anf1LoopMode
	ANF1JointCount    = anf1JointCount
	ANF1RotationCount = anf1RotationCount
	ANF1JointOffset   = anf1JointOffset
	TRK1CCount        = trk1CCount
	TRK1CValueCounts  = trk1CValueCounts
	TRK1CTableOffset  = trk1CTableOffset
	TRK1KNameOffset   = trk1KNameOffset
	PAK1EntryCount    = pak1EntryCount
	PAK1TableOffset   = pak1TableOffset
	PAK1NameOffset    = pak1NameOffset
	TPT1EntryCount    = tpt1EntryCount
	TPT1ValueCount    = tpt1ValueCount
	TPT1TableOffset   = tpt1TableOffset
	VAF1ShapeCount    = vaf1ShapeCount
	VAF1TableOffset   = vaf1TableOffset
	VAF1ValueOffset   = vaf1ValueOffset
)
