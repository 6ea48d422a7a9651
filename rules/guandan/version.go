package guandan

// RulesVersion names the rules this engine plays. Stored match records carry it, because a
// record is a seed and a list of actions: replayed by an engine with other rules (another
// shuffle, another tribute rule) it would silently become another match. Raise it with any
// change that makes an old record replay differently.
const RulesVersion = 1
