//! What the host reads from the firmware's ELF: the engine's memory sizes (so the
//! host engine can borrow the same), the memory budget and the sections.

use anyhow::{anyhow, Context};
use object::{Object, ObjectSection, ObjectSymbol, SectionKind};

/// Where RAM starts on every supported board; lower addresses are flash.
const RAM_ORIGIN: u64 = 0x2000_0000;

/// One section that takes memory on the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Its name, e.g. `.text`.
    pub name: String,
    /// Its run-time address.
    pub address: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Bytes it occupies in flash (its contents; `.data` is copied to RAM at boot).
    pub flash: u64,
    /// Bytes it occupies in RAM.
    pub ram: u64,
}

/// The facts the host needs about a firmware image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Transposition table entries the firmware's engine has.
    pub tt_entries: usize,
    /// Move stack words the firmware's engine has.
    pub move_words: usize,
    /// The sections that occupy flash or RAM, in address order.
    pub sections: Vec<Section>,
    /// The stack region in bytes (between the statics and the bottom of RAM).
    pub stack_size: u64,
    /// The RAM budget the link enforced.
    pub ram_budget: u64,
}

impl Image {
    /// Reads an ELF file's contents.
    ///
    /// # Errors
    /// Not an ELF, or not a microply firmware image (its symbols are missing).
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Image> {
        let file = object::File::parse(bytes).context("not an ELF file")?;
        let stack_start = symbol_address(&file, "_stack_start")?;
        let stack_end = symbol_address(&file, "_stack_end")?;
        Ok(Image {
            tt_entries: symbol_u32(&file, "MICROPLY_TT_ENTRIES")? as usize,
            move_words: symbol_u32(&file, "MICROPLY_MOVE_WORDS")? as usize,
            sections: sections(&file),
            stack_size: stack_start.saturating_sub(stack_end),
            ram_budget: symbol_address(&file, "_microply_ram")?,
        })
    }

    /// Flash used: the contents of every loaded section.
    #[must_use]
    pub fn flash_used(&self) -> u64 {
        self.sections.iter().map(|s| s.flash).sum()
    }

    /// RAM used by statics (the stack takes the rest).
    #[must_use]
    pub fn ram_used(&self) -> u64 {
        self.sections.iter().map(|s| s.ram).sum()
    }
}

fn sections(file: &object::File<'_>) -> Vec<Section> {
    let mut sections: Vec<Section> = file
        .sections()
        .filter(|s| s.size() > 0 && is_loaded(s.kind()))
        .map(|s| {
            let name = s.name().unwrap_or("?").to_owned();
            let in_ram = s.address() >= RAM_ORIGIN;
            let has_contents = !matches!(s.kind(), SectionKind::UninitializedData);
            Section {
                address: s.address(),
                size: s.size(),
                flash: if has_contents { s.size() } else { 0 },
                ram: if in_ram { s.size() } else { 0 },
                name,
            }
        })
        .collect();
    sections.sort_by_key(|s| s.address);
    sections
}

fn is_loaded(kind: SectionKind) -> bool {
    matches!(
        kind,
        SectionKind::Text
            | SectionKind::Data
            | SectionKind::ReadOnlyData
            | SectionKind::ReadOnlyString
            | SectionKind::UninitializedData
    )
}

fn symbol_address(file: &object::File<'_>, name: &str) -> anyhow::Result<u64> {
    file.symbols()
        .find(|s| s.name() == Ok(name))
        .map(|s| s.address())
        .ok_or_else(|| anyhow!("symbol {name} not found: is this a microply firmware image?"))
}

fn symbol_u32(file: &object::File<'_>, name: &str) -> anyhow::Result<u32> {
    let address = symbol_address(file, name)?;
    let section = file
        .sections()
        .find(|s| (s.address()..s.address() + s.size()).contains(&address))
        .ok_or_else(|| anyhow!("symbol {name} lies in no section"))?;
    let data = section.data().context("reading a section")?;
    let offset = usize::try_from(address - section.address())?;
    let bytes = data
        .get(offset..offset + 4)
        .ok_or_else(|| anyhow!("symbol {name} lies past its section's data"))?;
    let bytes: [u8; 4] = bytes.try_into()?;
    Ok(if file.is_little_endian() {
        u32::from_le_bytes(bytes)
    } else {
        u32::from_be_bytes(bytes)
    })
}
